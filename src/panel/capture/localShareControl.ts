/**
 * Sharing this tab with local tools (the MCP server), in the panel: the user's two choices (share the tab; let local
 * tools pause and step), the optional `nativeMessaging` permission asked for when sharing starts, whether the native
 * host was reached (and, when it was not, the one command that installs it), and local tools' requests to pause and
 * step, done with the panel's own Pause on… and answered.
 */
import { type Signal, signal } from '@preact/signals';
import browser from 'webextension-polyfill';
import type { LocalShareState, RemoteControl } from '../../bridge/intake';
import type { PauseControl } from '../debugger/pauseControl';

export interface LocalShareControl {
  state: Signal<LocalShareState>;
  /** Shares the tab (asking for the permission first), or stops. Call it from the user's click. */
  setShared(on: boolean): Promise<void>;
  setControl(on: boolean): void;
  onState(state: LocalShareState): void;
  /** The command that installs the native host for this browser and this extension. */
  installCommand: string;
  /** A local tool's request: done with Pause on…, answered through the bridge. */
  onRemote(request: RemoteControl): void;
}

const isFirefox = () => browser.runtime.getURL('').startsWith('moz-extension:');

export function createLocalShareControl(
  bridge: { localShare(shared: boolean, control: boolean): void; remoteResult(id: string, ok: boolean, message: string): void },
  pause: PauseControl,
  /** The browser did not give the permission. */
  refused: () => void,
): LocalShareControl {
  const state = signal<LocalShareState>({ shared: false, control: false, connected: false });
  const installCommand = isFirefox()
    ? 'npx agui-devtools mcp --install --browser firefox'
    : `npx agui-devtools mcp --install --browser chromium --extension-id ${browser.runtime.id}`;
  return {
    state,
    installCommand,
    async setShared(on) {
      if (on) {
        // Asked in the click that shares: the browser shows its prompt once, and remembers the answer.
        const granted = await browser.permissions.request({ permissions: ['nativeMessaging'] }).catch(() => false);
        if (!granted) {
          refused();
          return;
        }
      }
      bridge.localShare(on, on && state.value.control);
    },
    setControl(on) {
      bridge.localShare(state.value.shared, on);
    },
    onState(next) {
      state.value = next;
    },
    onRemote(request) {
      const answer = (ok: boolean, message: string) => bridge.remoteResult(request.id, ok, message);
      const settings = pause.settings.value;
      const paused = pause.paused.value;
      switch (request.command) {
        case 'pause-on': {
          const query = (request.condition ?? '').trim();
          if (!query) return answer(false, 'no condition');
          const others = settings.conditions.filter((c) => !(c.by === 'local-tool' && c.query === query));
          pause.set({ conditions: [...others, { id: `local-${Date.now().toString(36)}`, query, on: true, by: 'local-tool' }], onError: settings.onError });
          return answer(true, `armed: ${query}`);
        }
        case 'disarm':
          pause.set({ conditions: settings.conditions.filter((c) => c.by !== 'local-tool'), onError: settings.onError });
          return answer(true, 'disarmed what local tools armed');
        case 'step': {
          const first = paused[0];
          if (!first) return answer(false, 'nothing is paused');
          pause.step(first.streamId);
          return answer(true, `stepped past #${first.index} ${first.type}`);
        }
        case 'resume': {
          if (paused.length === 0) return answer(false, 'nothing is paused');
          for (const p of paused) pause.resume(p.streamId);
          return answer(true, `resumed ${paused.length} paused stream${paused.length === 1 ? '' : 's'}`);
        }
        default: {
          const unknown: never = request.command;
          return answer(false, `unknown command ${String(unknown)}`);
        }
      }
    },
  };
}
