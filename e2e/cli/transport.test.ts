/**
 * The transport rules on the built CLI: each fires on its crafted capture (RULES.md's examples), and none fires on
 * the demo agent's sessions, recorded here over real HTTP as the extension records them (each chunk with the time
 * it arrived), in SSE and in protobuf.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { scenarios } from '../../demo/scenarios';
import { TRANSPORT_EXAMPLES } from '../../src/engine/rulebook/ruleExamples';
import { runCli } from '../support/cli';
import { recordDemo } from '../support/demoRecord';

let dir: string;
let demo: DemoServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agui-transport-'));
  demo = await startDemoServer({ port: 0 });
});
afterAll(async () => {
  await demo?.close();
  rmSync(dir, { recursive: true, force: true });
});

const problemsOf = (file: string) => JSON.parse(runCli(['lint', file, '--format', 'json'], dir).stdout) as { ruleId: string; eventIndex: number }[];

test('each transport rule fires on its crafted capture', () => {
  for (const [id, example] of Object.entries(TRANSPORT_EXAMPLES)) {
    const file = `${id.replace('/', '-')}.agui.json`;
    writeFileSync(join(dir, file), JSON.stringify('session' in example ? example.session : {}));
    expect(problemsOf(file).map((p) => p.ruleId), id).toContain(id);
  }
  // A file of events has no capture timing: the report says the rules did not apply.
  writeFileSync(join(dir, 'plain.jsonl'), '{"type":"RUN_STARTED","threadId":"t","runId":"r"}\n{"type":"RUN_FINISHED","threadId":"t","runId":"r"}\n');
  expect(runCli(['lint', 'plain.jsonl'], dir).stdout).toContain('transport rules not applicable (no capture timing)');
});

test("no transport rule fires on the demo agent's sessions, in SSE and in protobuf", async () => {
  let files = 0;
  for (const scenario of Object.keys(scenarios)) {
    for (const [accept, kind] of [['text/event-stream', 'sse'], ['application/vnd.ag-ui.event+proto', 'proto']] as const) {
      const file = `demo-${scenario}-${kind}.agui.json`;
      writeFileSync(join(dir, file), JSON.stringify(await recordDemo(demo.url, [scenario], accept)));
      files++;
    }
  }
  const out = runCli(['lint', 'demo-*.agui.json'], dir);
  expect(out.stdout).not.toMatch(/transport\//);
  expect(out.stdout).toContain(`transport rules applied to ${files} of ${files} files`);
}, 60_000);
