/** A weather agent for the Compare tests: `POST /weather?city=X&chunks=N` answers one run whose text and state name the city. */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The events of one answer: its text in `chunks` deltas, its state with the city. */
export function weatherEvents(city: string, chunks: number): object[] {
  const text = `The weather in ${city} is 18 °C.`;
  const size = Math.ceil(text.length / chunks);
  return [
    { type: 'RUN_STARTED', threadId: 'weather', runId: `run-${city}` },
    { type: 'TEXT_MESSAGE_START', messageId: `m-${city}`, role: 'assistant' },
    ...Array.from({ length: chunks }, (_, i) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${city}`, delta: text.slice(i * size, (i + 1) * size) })),
    { type: 'TEXT_MESSAGE_END', messageId: `m-${city}` },
    { type: 'STATE_SNAPSHOT', snapshot: { city, temp: 18 } },
    { type: 'RUN_FINISHED', threadId: 'weather', runId: `run-${city}` },
  ];
}

export function weatherRoute(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (url.pathname !== '/weather') return false;
  req.resume();
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const events = weatherEvents(url.searchParams.get('city') ?? 'Lisbon', Number(url.searchParams.get('chunks') ?? 1));
  res.end(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''));
  return true;
}
