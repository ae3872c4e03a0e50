/**
 * Demo scenarios recorded over real HTTP as the extension records them (the response's headers, each chunk at its
 * arrival time), one stream each, into one session file.
 */
import { exportSession } from '../../src/engine/io/exportFormat';
import { Session } from '../../src/engine/session/session';

/** The session file of these demo scenarios' runs, in order (each its own stream and thread; `prompt`: the user's message). */
export async function recordDemo(demoUrl: string, scenarios: readonly string[], accept = 'text/event-stream', prompt = 'hi'): Promise<object> {
  const session = new Session();
  for (const [k, scenario] of scenarios.entries()) {
    const id = `s${k + 1}`;
    const startedAt = Date.now();
    const input = { threadId: `t-${scenario}`, runId: `r-${scenario}`, state: {}, messages: [{ id: 'u1', role: 'user', content: prompt }], tools: [], context: [], forwardedProps: {} };
    const body = JSON.stringify(input);
    const res = await fetch(`${demoUrl}/agent/${scenario}`, { method: 'POST', headers: { 'content-type': 'application/json', accept }, body });
    const proto = (res.headers.get('content-type') ?? '').includes('proto');
    session.open({
      id,
      transport: 'fetch',
      format: proto ? 'proto' : 'sse',
      url: `${demoUrl}/agent/${scenario}`,
      method: 'POST',
      status: res.status,
      statusText: res.statusText,
      frameUrl: `${demoUrl}/`,
      requestHeaders: [['accept', accept]],
      responseHeaders: [...res.headers.entries()],
      requestBody: body,
      startedAt,
      openedAt: Date.now(),
      page: 0,
    });
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      session.chunk(id, Date.now(), value);
    }
    session.close(id, Date.now());
  }
  return exportSession(session);
}
