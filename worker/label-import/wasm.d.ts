// Wasm files imported as modules: workerd (wrangler and the vitest pool) hands them over compiled.
declare module "@embedpdf/pdfium/pdfium.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "@jsquash/webp/codec/dec/webp_dec.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "tesseract.js-core/tesseract-core-simd-lstm.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "tesseract.js-core/tesseract-core-simd-lstm.js" {
  const factory: (overrides: object) => Promise<unknown>;
  export default factory;
}
// Data modules (*.bin) arrive as ArrayBuffer under wrangler and the test pool.
declare module "*.bin" {
  const data: ArrayBuffer;
  export default data;
}
