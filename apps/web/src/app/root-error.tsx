import { Suspense } from 'react';
import ErrorPage from './error-page';
import { Footer } from './layouts/public/footer';
import { Header } from './layouts/public/header';

/** A routing error outside any layout still gets the site's header and footer. */
export default function RootError() {
  return (
    <Suspense fallback={null}>
      <div className="flex min-h-screen flex-col">
        <Header />
        <main className="flex-1">
          <ErrorPage />
        </main>
        <Footer />
      </div>
    </Suspense>
  );
}
