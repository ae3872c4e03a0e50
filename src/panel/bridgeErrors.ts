/**
 * What the background could not do, in the panel's language: the background says it in English with a code and
 * its params; the browser's own reason stays as it is (a detail marked as English). An error without a code (an
 * older background) is shown as it came, after a lead in the catalog's words.
 */
import { currentLocale, tr, trn } from '../i18n/i18n';
import type { BridgeErrorCode } from './bridge';

export function bridgeError(message: string, code?: BridgeErrorCode, params: Record<string, string | number> = {}): { text: string; detail?: string } {
  const reason = params.reason === undefined ? undefined : String(params.reason);
  switch (code) {
    case 'message-failed':
      return { text: tr('bridgeError.messageFailed'), ...(reason !== undefined && { detail: reason }) };
    case 'delivery-failed':
      return { text: tr('bridgeError.deliveryFailed'), ...(reason !== undefined && { detail: reason }) };
    case 'history-failed':
      return { text: tr('bridgeError.historyFailed'), ...(reason !== undefined && { detail: reason }) };
    case 'replay-no-origin':
      return { text: tr('bridgeError.replayNoOrigin') };
    case 'replay-disarmed':
      return {
        text: trn('bridgeError.replayDisarmed', Number(params.rules ?? 1), {
          origin: String(params.origin ?? '') || tr('bridgeError.noOrigin'),
          origins: String(params.origins ?? ''),
        }),
      };
    case undefined:
      return currentLocale() === 'en' ? { text: message } : { text: tr('bridgeError.unknown'), detail: message };
  }
}
