import { useEffect, useState } from 'react';
import { useAppSelector } from '../../lib/store-hooks';

/**
 * A stored ID or portrait photo for an <img>: fetched with the bearer token (the API gives it to
 * no one else, and logs each view) and shown from a blob URL, revoked when the photo changes or
 * the screen goes. `null` while loading or without a photo; `failed` when it could not be read.
 */
export function usePhotoUrl(path: string | null): { url: string | null; failed: boolean } {
  const token = useAppSelector((state) => state.auth.token);
  const [shown, setShown] = useState<{ path: string; url: string | null; failed: boolean } | null>(null);

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let href: string | null = null;
    fetch(new Request(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include', signal: controller.signal }))
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        if (controller.signal.aborted) return;
        href = URL.createObjectURL(blob);
        setShown({ path, url: href, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setShown({ path, url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (href) URL.revokeObjectURL(href);
    };
  }, [path, token]);

  if (!path || shown?.path !== path) return { url: null, failed: false };
  return { url: shown.url, failed: shown.failed };
}
