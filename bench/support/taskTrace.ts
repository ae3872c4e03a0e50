/**
 * The panel's tasks in CPU time: a Chromium trace of its renderer's main thread. The wall-clock length of a task
 * (what `longtask` reports) includes the time the operating system gave the page, the background and the browser
 * instead (on 2 busy cores a 16 ms slice can take 100 ms of wall time); the thread time is the panel's own work
 * in one go, the part it controls. Only the one category that has tasks and their thread time is recorded.
 */
import type { CDPSession, Page } from '@playwright/test';

type TraceEvent = { ph: string; name: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };

/** The longest task in CPU time, what it spent that on (the biggest parts, in CPU ms), and the longest in wall time. */
export type TaskTrace = { stop(): Promise<{ longestCpu: number; parts: string; longestWall: number; tasks: number }> };

/**
 * TRACE_GC=1 records the garbage collector's events too (V8.GC_MC_INCREMENTAL, V8.GC_SCAVENGER...), and names more of
 * the longest task's parts. The trace does not show all of the collector's time: a task of the panel's intake can be
 * mostly the collector with no event of it here, which only a CPU profile (CDP Profiler) of the task shows.
 */
const GC = process.env.TRACE_GC === '1';

export async function traceTasks(panel: Page): Promise<TaskTrace> {
  const cdp: CDPSession = await panel.context().newCDPSession(panel);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: `disabled-by-default-devtools.timeline${GC ? ',disabled-by-default-v8.gc' : ''}`, transferMode: 'ReportEvents' });
  return {
    async stop() {
      const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach();
      const meta = (name: string, value: string) => events.filter((e) => e.ph === 'M' && e.name === name && e.args?.name === value);
      const extension = new Set(meta('process_name', 'Extension Renderer').map((e) => e.pid));
      const main = new Set(meta('thread_name', 'CrRendererMain').filter((e) => extension.has(e.pid)).map((e) => `${e.pid}:${e.tid}`));
      const tasks = events.filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && main.has(`${e.pid}:${e.tid}`));
      const ms = (xs: number[]) => Math.max(0, ...xs) / 1000;
      const top = tasks.reduce<TraceEvent | undefined>((a, t) => (!a || (t.tdur ?? 0) > (a.tdur ?? 0) ? t : a), undefined);
      const by = new Map<string, number>();
      if (top)
        for (const e of events)
          if (e !== top && e.ph === 'X' && e.pid === top.pid && e.tid === top.tid && e.ts >= top.ts && e.ts + (e.dur ?? 0) <= top.ts + (top.dur ?? 0))
            by.set(e.name, (by.get(e.name) ?? 0) + (e.tdur ?? 0) / 1000);
      const parts = [...by].filter(([, v]) => v >= 2).sort((a, b) => b[1] - a[1]).slice(0, GC ? 12 : 5).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
      return { longestCpu: ms(tasks.map((t) => t.tdur ?? 0)), parts, longestWall: ms(tasks.map((t) => t.dur ?? 0)), tasks: tasks.length };
    },
  };
}
