import { useEffect } from 'react';

const SUFFIX = { admin: 'Guildhall Admin', community: 'Guildhall' } as const;

/** Sets the browser tab title while the page is shown, named after the app it belongs to. */
export function useDocumentTitle(title: string, app: keyof typeof SUFFIX = 'admin'): void {
  useEffect(() => {
    document.title = `${title} · ${SUFFIX[app]}`;
  }, [title, app]);
}
