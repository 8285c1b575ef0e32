/** pdfjs-dist ships no types for its worker module; pdf.ts imports it only for its side effect (globalThis.pdfjsWorker). */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
