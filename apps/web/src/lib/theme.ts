import { create } from 'zustand';

export type ThemeMode = 'light' | 'dark' | 'system';

const KEY = 'theme';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function readMode(): ThemeMode {
  try {
    const stored = localStorage.getItem(KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function resolve(mode: ThemeMode): 'light' | 'dark' {
  if (mode === 'system') return darkQuery().matches ? 'dark' : 'light';
  return mode;
}

function apply(mode: ThemeMode) {
  document.documentElement.classList.toggle('dark', resolve(mode) === 'dark');
}

interface ThemeState {
  mode: ThemeMode;
  resolved: 'light' | 'dark';
  setMode(mode: ThemeMode): void;
  /** In system mode, switches to the opposite of the OS preference; light and dark flip. */
  toggle(): void;
}

export const useThemeStore = create<ThemeState>()((set, get) => ({
  mode: readMode(),
  resolved: resolve(readMode()),
  setMode(mode) {
    localStorage.setItem(KEY, mode);
    apply(mode);
    set({ mode, resolved: resolve(mode) });
  },
  toggle() {
    get().setMode(get().resolved === 'dark' ? 'light' : 'dark');
  },
}));

darkQuery().addEventListener('change', () => {
  const { mode } = useThemeStore.getState();
  if (mode !== 'system') return;
  apply(mode);
  useThemeStore.setState({ resolved: resolve(mode) });
});
