import { z } from 'zod';

// Default zod messages in Korean, for the rare rule without a message of its own. Every module
// that builds schemas imports this file, so a bundle that takes only some of them (the web app's
// first load) still gets it; package.json names it as the one module with side effects.
z.config(z.locales.ko());
