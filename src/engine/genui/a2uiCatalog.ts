/**
 * The A2UI v0.9 basic catalog as the checks need it: each component type, its required properties, every property
 * it defines, and the properties that name other components (`one`: a component id; `list`: a ChildList, an array
 * of ids or a template `{ componentId, path }`; `tabs`: items each with a `child` id). Read off
 * vendor/a2ui/basic_catalog.json (Apache-2.0); a unit test holds this table to that file.
 */

export const BASIC_CATALOG_ID = 'https://a2ui.org/specification/v0_9/basic_catalog.json';
export const A2UI_VERSION = 'v0.9';

export type RefKind = 'one' | 'list' | 'tabs';

export interface ComponentDef {
  required: readonly string[];
  props: readonly string[];
  refs: readonly { prop: string; kind: RefKind }[];
}

export const BASIC_CATALOG: Readonly<Record<string, ComponentDef>> = {
  Text: { required: ['text'], props: ['text', 'variant'], refs: [] },
  Image: { required: ['url'], props: ['url', 'description', 'fit', 'variant'], refs: [] },
  Icon: { required: ['name'], props: ['name'], refs: [] },
  Video: { required: ['url'], props: ['url'], refs: [] },
  AudioPlayer: { required: ['url'], props: ['url', 'description'], refs: [] },
  Row: { required: ['children'], props: ['children', 'justify', 'align'], refs: [{ prop: 'children', kind: 'list' }] },
  Column: { required: ['children'], props: ['children', 'justify', 'align'], refs: [{ prop: 'children', kind: 'list' }] },
  List: { required: ['children'], props: ['children', 'direction', 'align'], refs: [{ prop: 'children', kind: 'list' }] },
  Card: { required: ['child'], props: ['child'], refs: [{ prop: 'child', kind: 'one' }] },
  Tabs: { required: ['tabs'], props: ['tabs'], refs: [{ prop: 'tabs', kind: 'tabs' }] },
  Modal: { required: ['trigger', 'content'], props: ['trigger', 'content'], refs: [{ prop: 'trigger', kind: 'one' }, { prop: 'content', kind: 'one' }] },
  Divider: { required: [], props: ['axis'], refs: [] },
  Button: { required: ['child', 'action'], props: ['child', 'variant', 'action'], refs: [{ prop: 'child', kind: 'one' }] },
  TextField: { required: ['label'], props: ['label', 'value', 'variant', 'validationRegexp'], refs: [] },
  CheckBox: { required: ['label', 'value'], props: ['label', 'value'], refs: [] },
  ChoicePicker: { required: ['options', 'value'], props: ['label', 'variant', 'options', 'value', 'displayStyle', 'filterable'], refs: [] },
  Slider: { required: ['value', 'max'], props: ['label', 'min', 'max', 'value'], refs: [] },
  DateTimeInput: { required: ['value'], props: ['value', 'enableDate', 'enableTime', 'min', 'max', 'label'], refs: [] },
};

/** The catalog a surface names, when this product knows it (the basic one). */
export const catalogFor = (catalogId: string | undefined): Readonly<Record<string, ComponentDef>> | undefined =>
  catalogId === BASIC_CATALOG_ID ? BASIC_CATALOG : undefined;
