import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { createRouter } from './app/router';
import { makeStore } from './app/store';
import { initI18n } from './lib/i18n';
import { loadSiteInDevelopment } from './lib/site';
import './index.css';

const { store, persistor } = makeStore();
const router = createRouter();
void initI18n();
await loadSiteInDevelopment();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </PersistGate>
    </Provider>
  </StrictMode>,
);
