import { z } from 'zod';

// Imported first by the entry, before any schema is made: zod would otherwise try `new Function` to
// compile its parsers, which the console's content security policy refuses and reports as a violation.
z.config({ jitless: true });
