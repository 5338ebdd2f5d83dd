import { create } from 'zustand';

const CLEAR_AFTER_MS = 5000;

interface StudentErrorState {
  message: string | null;
  show(message: string): void;
  clear(): void;
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** SPEC §8: the student screen's last error, shown in a red 'Error' box that clears itself after 5 s. */
export const useStudentError = create<StudentErrorState>()((set) => ({
  message: null,
  show(message) {
    clearTimeout(timer);
    set({ message });
    timer = setTimeout(() => set({ message: null }), CLEAR_AFTER_MS);
  },
  clear() {
    clearTimeout(timer);
    set({ message: null });
  },
}));
