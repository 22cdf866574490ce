// The native layer as the tool layer sees it. `..` resolves to the package's entry (main.js, which
// explains a missing binary) at run time, and to index.d.ts for the compiler.
export * from '..'
