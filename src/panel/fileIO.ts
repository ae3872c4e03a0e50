/** Export to and import from files, in the panel and the viewer. */
import { buildExport } from '../engine/io/exportFormats';
import type { Session } from '../engine/session/session';
import type { ExportChoice } from './components/ExportDialog';

/** Writes an export (scope, format, redaction, what to leave out) to a file the user saves; returns its name. */
export function downloadExport(session: Session, choice: ExportChoice): string {
  const result = buildExport(session, { format: choice.format, ...(choice.scope && { scope: choice.scope }), redaction: choice.redaction, strip: choice.strip });
  const blob = new Blob([result.text], { type: result.mime });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = result.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return result.name;
}
