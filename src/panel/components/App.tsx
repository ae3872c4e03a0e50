import type { SessionStore } from '../store/sessionStore';
import { Banners } from './Banners';
import { EventList } from './EventList';
import { Inspector } from './Inspector';
import { Toolbar, type ToolbarActions } from './Toolbar';

export function App({ store, actions }: { store: SessionStore; actions: ToolbarActions }) {
  return (
    <div class="app">
      <Toolbar store={store} actions={actions} />
      <Banners store={store} />
      <main class="split">
        <EventList store={store} />
        <Inspector store={store} />
      </main>
    </div>
  );
}
