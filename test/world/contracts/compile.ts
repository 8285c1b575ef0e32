// Regenerates compiled.json from the .sol files next to it: `npm run world:contracts`.
// Only this script needs solc; tests read the committed compiled.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import solc from 'solc';

const dir = import.meta.dirname;
const contractNames = ['MockUSDC', 'MiniMulticall3'] as const;

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<
      string,
      {
        abi: unknown[];
        evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
      }
    >
  >;
}

function compile(): SolcOutput {
  const input = {
    language: 'Solidity',
    // Source keys are bare file names so no machine path leaks into the metadata hash.
    sources: Object.fromEntries(contractNames.map((name) => [`${name}.sol`, { content: readFileSync(join(dir, `${name}.sol`), 'utf8') }])),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  for (const error of output.errors ?? []) console.error(error.formattedMessage);
  if (output.errors?.some((error) => error.severity === 'error')) process.exit(1);
  return output;
}

function main(): void {
  const output = compile();
  const contracts = Object.fromEntries(
    contractNames.map((name) => {
      const { abi, evm } = output.contracts[`${name}.sol`][name];
      return [
        name,
        {
          abi,
          bytecode: `0x${evm.bytecode.object}`,
          deployedBytecode: `0x${evm.deployedBytecode.object}`,
        },
      ];
    }),
  );
  const file = join(dir, 'compiled.json');
  writeFileSync(file, `${JSON.stringify({ solc: solc.version(), contracts }, null, 2)}\n`);
  console.log(`wrote ${file} (solc ${solc.version()})`);
}

main();
