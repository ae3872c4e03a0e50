/** The agui-devtools executable (built to dist/cli/agui-devtools.mjs). */
import { run } from './main';

process.exitCode = run(process.argv.slice(2));
