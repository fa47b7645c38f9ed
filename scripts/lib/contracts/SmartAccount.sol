// SPDX-License-Identifier: MIT
pragma solidity ^0.8.4;

// The smart account of Gatehouse's smart wallets: Solady's ERC-4337 account (ERC-1271 through
// ERC-7739 nested typed data, UUPS) and its factory, from the `solady` npm package, unchanged but
// for two seams viem's `toSoladySmartAccount` expects: the EntryPoint is a constructor argument
// (Solady hard-codes v0.7's canonical address), and the factory takes `createAccount(owner, salt)`
// (the salt's upper 160 bits must be the owner, so no one can take another owner's address).
import {ERC4337} from "solady/accounts/ERC4337.sol";
import {ERC4337Factory} from "solady/accounts/ERC4337Factory.sol";

contract SmartAccount is ERC4337 {
    address private immutable _entryPoint;

    constructor(address entryPoint_) {
        _entryPoint = entryPoint_;
    }

    function entryPoint() public view override returns (address) {
        return _entryPoint;
    }

    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("SoladyAccount", "1");
    }
}

contract SmartAccountFactory is ERC4337Factory {
    error SaltDoesNotStartWithOwner();

    constructor(address implementation_) ERC4337Factory(implementation_) {}

    function createAccount(address owner, bytes32 salt) external payable returns (address) {
        if (address(uint160(uint256(salt) >> 96)) != owner) revert SaltDoesNotStartWithOwner();
        return createAccount(salt);
    }
}
