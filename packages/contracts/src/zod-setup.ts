import { z } from 'zod';

// Default zod messages in Korean, for the rare rule without a message of its own.
z.config(z.locales.ko());
