import { installFormMessages } from '@guildhall/contract';

// Imported once by main.tsx after the first paint: a form checked with a contract schema shows sentences naming the
// field ("Display name must be at most 100 characters"), never zod's machine text (issue 29). Loaded on its own so
// the sign-in pages, whose schemas carry their own messages, keep their first-paint budget.
installFormMessages();
