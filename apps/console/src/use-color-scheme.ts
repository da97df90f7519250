import { useEffect, useState } from 'react';

const DARK = '(prefers-color-scheme: dark)';

/** `dark` or `light`, following the system setting as it changes (the stylesheet does too). */
export function useColorScheme(): 'dark' | 'light' {
  const query = () =>
    typeof window.matchMedia === 'function' && window.matchMedia(DARK).matches ? 'dark' : 'light';
  const [scheme, setScheme] = useState<'dark' | 'light'>(query);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(DARK);
    const onChange = () => setScheme(media.matches ? 'dark' : 'light');
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return scheme;
}

/** The value of a CSS custom property of the page (`--ink`), for canvas drawing. */
export const cssColor = (name: string, fallback: string): string =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
