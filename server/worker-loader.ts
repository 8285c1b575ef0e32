/** The service's worker threads (the parse pool's, the net thread) start with the loader flags of this process (tsx), none of its other options. */
export function loaderArgs(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index++) {
    const arg = execArgv[index];
    if (/^--(import|require|loader|experimental-loader)$/.test(arg) && index + 1 < execArgv.length) kept.push(arg, execArgv[++index]);
    else if (/^--(import|require|loader|experimental-loader)=/.test(arg)) kept.push(arg);
  }
  return kept;
}
