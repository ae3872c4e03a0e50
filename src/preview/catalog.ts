/**
 * The basic catalog as the preview runs it: the same components, and the same functions where a function only
 * computes a value. A function with an effect (`openUrl` opens a window) would run with the extension's rights on a
 * page's word, while the surface is drawn (a dynamic `text`) or on a click (a Button's `functionCall`): each is
 * replaced by one that records the call, for the UI tab to show ("would open …"), and does nothing else.
 * A function this list does not know (a newer catalog's) is recorded too, never run: a unit test fails when the
 * catalog's list changes, so that each new function is looked at once.
 */
import { createFunctionImplementation, type FunctionImplementation } from '@a2ui/web_core/v0_9';
import { BASIC_FUNCTIONS } from '@a2ui/web_core/v0_9/basic_catalog';

/** The basic catalog's functions that compute a value from their arguments and nothing else (web_core 0.9.2). */
export const PURE_FUNCTIONS: ReadonlySet<string> = new Set([
  'add', 'subtract', 'multiply', 'divide', 'equals', 'not_equals', 'greater_than', 'less_than', 'and', 'or', 'not',
  'contains', 'starts_with', 'ends_with', 'required', 'regex', 'length', 'numeric', 'email', 'formatString',
  'formatNumber', 'formatCurrency', 'formatDate', 'pluralize',
]);

/** What a surface asked for that the preview did not do. */
export interface PreviewCall {
  /** `function`: a catalog function with an effect; `event`: an action a renderer would send to the agent. */
  kind: 'function' | 'event';
  name: string;
  /** Its arguments (an event's resolved context), as the renderer resolved them. */
  args: unknown;
}

/**
 * The basic catalog's functions with every one that is not pure replaced by one that calls `record` and returns
 * nothing. (The preview puts them in a catalog with the Lit components: main.ts.)
 */
export const previewFunctions = (record: (call: PreviewCall) => void): FunctionImplementation[] =>
  BASIC_FUNCTIONS.map((fn): FunctionImplementation =>
    PURE_FUNCTIONS.has(fn.name)
      ? fn
      : createFunctionImplementation({ name: fn.name, returnType: fn.returnType, schema: fn.schema } as never, (args: unknown) => {
          record({ kind: 'function', name: fn.name, args });
          return undefined;
        }),
  );
