/** Stamped by vite from package.json at build and test time. */
declare const __ANTHOLOGY_VERSION__: string;
