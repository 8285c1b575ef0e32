// Hardhat 2 config for the test chain started by test/world/chain.ts (`hardhat node --config <this>`).
// Base mainnet's chain id, so the service's eip155:8453 config is used unchanged.
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { extendProvider } = require('hardhat/config');
const { ProviderWrapper } = require('hardhat/plugins');
const { ProviderError } = require('hardhat/internal/core/providers/errors');

// The node process must not outlive the test process that started it, even if that one is
// SIGKILLed: chain.ts gives us a stdin pipe, which closes when the parent dies for any reason.
if (process.env.WORLD_CHAIN_EXIT_WITH_PARENT === '1') {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}

// Hardhat answers a reverted eth_call / eth_estimateGas with JSON-RPC code -32603 ("internal
// error"), which viem's http transport retries 3 times with backoff: about 1.1 s per failed
// payment check. Real nodes answer code 3 ("execution reverted"), which viem does not retry.
// Answer like them; message and revert data are kept.
class RevertsAsCode3 extends ProviderWrapper {
  async request(args) {
    try {
      return await this._wrappedProvider.request(args);
    } catch (error) {
      // Only reverts carry a Solidity stack trace, and those are the errors that are not ProviderErrors.
      const isRevert = (args.method === 'eth_call' || args.method === 'eth_estimateGas') && !ProviderError.isProviderError(error);
      if (!isRevert) throw error;
      const reverted = new ProviderError(error.message, 3, error);
      reverted.data = error.data;
      throw reverted;
    }
  }
}
extendProvider(async (provider) => new RevertsAsCode3(provider));

// Nothing is ever compiled here; keep Hardhat's cache/artifacts out of the repository.
const scratch = join(tmpdir(), 'company-intel-world-hardhat');

module.exports = {
  networks: {
    hardhat: {
      chainId: 8453,
      mining: { auto: true },
      // Like a real chain: a reverting transaction is mined with status 0 instead of failing the send.
      throwOnTransactionFailures: false,
      loggingEnabled: false,
      accounts: [],
    },
  },
  paths: {
    sources: join(scratch, 'contracts'),
    cache: join(scratch, 'cache'),
    artifacts: join(scratch, 'artifacts'),
  },
};
