import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import { server } from './server';

// Lazy route modules are transformed on first use, which can take over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: scrolling is a no-op and object URLs are not implemented.
Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true });
if (!('createObjectURL' in URL)) {
  Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:preview', writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, writable: true });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  toastStore.reset();
});
afterAll(() => server.close());
