/// <reference lib="dom" />
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

// The baseline of bench/web: the smallest React app Vite builds (React + ReactDOM, one heading).
const container = document.getElementById('root');
if (container) createRoot(container).render(createElement('h1', null, 'Hello, 커튼콜'));
