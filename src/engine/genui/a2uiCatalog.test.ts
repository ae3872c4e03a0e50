import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { BASIC_CATALOG, BASIC_CATALOG_ID } from './a2uiCatalog';

type Schema = { $ref?: string; properties?: Record<string, Schema>; required?: string[]; allOf?: Schema[] };

it('the basic catalog table is vendor/a2ui/basic_catalog.json: its types, required props, props and component references', () => {
  const file = JSON.parse(readFileSync(join(__dirname, '../../../vendor/a2ui/basic_catalog.json'), 'utf8')) as { catalogId: string; components: Record<string, Schema> };
  expect(file.catalogId).toBe(BASIC_CATALOG_ID);
  const fromFile = Object.fromEntries(
    Object.entries(file.components).map(([name, schema]) => {
      const parts = (schema.allOf ?? []).filter((p) => !p.$ref);
      const props = parts.flatMap((p) => Object.keys(p.properties ?? {})).filter((k) => k !== 'component');
      const refs = parts.flatMap((p) =>
        Object.entries(p.properties ?? {}).flatMap(([k, s]) =>
          s.$ref?.endsWith('ComponentId') ? [{ prop: k, kind: 'one' }] : s.$ref?.endsWith('ChildList') ? [{ prop: k, kind: 'list' }] : k === 'tabs' ? [{ prop: k, kind: 'tabs' }] : [],
        ),
      );
      const required = parts.flatMap((p) => p.required ?? []).filter((k) => k !== 'component');
      return [name, { required, props, refs }];
    }),
  );
  expect(JSON.parse(JSON.stringify(BASIC_CATALOG))).toEqual(fromFile);
});
