import { useEffect, useState } from 'react';

/**
 * The toasts' own element at the end of `<body>`, kept readable while a dialog is open. A modal
 * hides every other child of `<body>` from assistive technology (`aria-hidden` on its siblings), so
 * a message toasted under a dialog ("Message Sent" under a ticket, "Token copied") went unannounced.
 */
export function useToastHost(): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = document.createElement('div');
    element.dataset.toasts = '';
    document.body.append(element);
    const observer = new MutationObserver(() => {
      if (element.hasAttribute('aria-hidden')) element.removeAttribute('aria-hidden');
    });
    observer.observe(element, { attributes: true, attributeFilter: ['aria-hidden'] });
    setHost(element);
    return () => {
      observer.disconnect();
      element.remove();
    };
  }, []);
  return host;
}
