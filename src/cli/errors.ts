/** A mistake in how the CLI was called: the CLI says it, prints its usage and exits 2. */
export class UsageError extends Error {}
