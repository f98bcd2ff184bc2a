/** Stamped by vite from package.json at build and test time; undefined where nothing stamps it (src/version.ts). */
declare const __ANTHOLOGY_VERSION__: string | undefined;
