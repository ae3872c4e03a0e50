import { Component, type FunctionComponent } from 'preact';

/**
 * A component that renders again only when a prop changed (shallow), as preact/compat's `memo` (importing compat
 * installs a hook that rewrites every element the panel creates: a tenth of a flood's repaint).
 */
export function memo<P extends object>(render: FunctionComponent<P>): FunctionComponent<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      const now = this.props as Record<string, unknown>;
      const then = next as Record<string, unknown>;
      for (const k in then) if (then[k] !== now[k]) return true;
      for (const k in now) if (!(k in then)) return true;
      return false;
    }
    override render(props: P) {
      return render(props);
    }
  }
  (Memo as { displayName?: string }).displayName = `Memo(${render.displayName ?? render.name})`;
  return Memo as unknown as FunctionComponent<P>;
}
