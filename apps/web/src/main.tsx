import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { makeStore } from './app/store';
import { initI18n } from './lib/i18n';
import { loadSiteInDevelopment } from './lib/site';
import './index.css';

const { store } = makeStore();
const router = createRouter();
void initI18n();
await loadSiteInDevelopment();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </Provider>
  </StrictMode>,
);
