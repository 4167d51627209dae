import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, type InitialEntry } from 'react-router';
import { makeStore } from './store';

type Store = ReturnType<typeof makeStore>['store'];

/**
 * Renders a screen as the app mounts it: in the app's store (a fresh one unless `store` is given,
 * e.g. after signIn), under a router at `at`, and with `antd` inside Ant Design's App, whose
 * message and modal hooks the dashboard screens use (the public pages have no antd).
 */
export function renderWithStore(ui: ReactNode, { at = '/', store = makeStore().store, antd = false }: { at?: InitialEntry; store?: Store; antd?: boolean } = {}) {
  const routed = <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>;
  return render(<Provider store={store}>{antd ? <App>{routed}</App> : routed}</Provider>);
}
