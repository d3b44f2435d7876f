import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root element is missing from index.html');

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread until the whole page is built (a phone's first load, its TBT).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
