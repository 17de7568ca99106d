/** The engine journeys' own port (E2E_PORT, else 3110), set before playwright.config derives the data folder from it. */
process.env.E2E_PORT ??= '3110';
export const ENGINES_PORT = Number(process.env.E2E_PORT);
