// Wasm files imported as modules: workerd (wrangler and the vitest pool) hands them over compiled.
declare module "@embedpdf/pdfium/pdfium.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "@jsquash/webp/codec/dec/webp_dec.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
