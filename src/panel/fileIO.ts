/** Export to and import from files, in the panel and the viewer. */
import { type ExportOptions, exportSession } from '../engine/session/exportFormat';
import { InputError, readInput } from '../engine/session/readInput';
import type { Session } from '../engine/session/session';

export function downloadSession(session: Session, options: ExportOptions = {}, name = `agui-session-${new Date().toISOString().replace(/[:.]/g, '-')}.json`): string {
  const blob = new Blob([JSON.stringify(exportSession(session, options))], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** Reads a dropped or picked file; a bad file is an Error with one clear sentence. */
export async function readSessionFile(file: File): Promise<Session> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return readInput(bytes, file.name).session;
  } catch (error) {
    if (error instanceof InputError) throw new Error(`${file.name}: ${error.message}`);
    throw error;
  }
}
