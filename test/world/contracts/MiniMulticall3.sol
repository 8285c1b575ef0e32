// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Test-only subset of Multicall3 (tryAggregate only), planted at the canonical Multicall3
/// address 0xcA11bde05977b3631167028862bE2a173976CA11. The x402 EVM facilitator uses it to
/// diagnose a failed simulation (nonce used, balance too low, wrong token name/version).
contract MiniMulticall3 {
    struct Call {
        address target;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function tryAggregate(bool requireSuccess, Call[] calldata calls)
        public
        payable
        returns (Result[] memory returnData)
    {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory ret) = calls[i].target.call(calls[i].callData);
            if (requireSuccess) require(success, "Multicall3: call failed");
            returnData[i] = Result(success, ret);
        }
    }
}
