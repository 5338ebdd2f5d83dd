import { create } from 'zustand';

export type ThemeMode = 'light' | 'dark' | 'system';

const KEY = 'theme';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function storedMode(): ThemeMode | null {
  try {
    const stored = localStorage.getItem(KEY);
    return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : null;
  } catch {
    return null;
  }
}

const readMode = (): ThemeMode => storedMode() ?? 'system';

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
  /** The school's default theme (General Settings), for someone who has never chosen one here. */
  adoptDefault(mode: ThemeMode): void;
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
  adoptDefault(mode) {
    if (storedMode() !== null || get().mode === mode) return;
    apply(mode);
    set({ mode, resolved: resolve(mode) });
  },
}));

darkQuery().addEventListener('change', () => {
  const { mode } = useThemeStore.getState();
  if (mode !== 'system') return;
  apply(mode);
  useThemeStore.setState({ resolved: resolve(mode) });
});
