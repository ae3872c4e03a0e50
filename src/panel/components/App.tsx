import type { SessionStore } from '../store/sessionStore';
import { EventDetail } from './EventDetail';
import { EventList } from './EventList';
import { Toolbar } from './Toolbar';

export function App({ store, onClear }: { store: SessionStore; onClear: () => void }) {
  return (
    <div class="app">
      <Toolbar store={store} onClear={onClear} />
      <main class="split">
        <EventList store={store} />
        <EventDetail store={store} />
      </main>
    </div>
  );
}
