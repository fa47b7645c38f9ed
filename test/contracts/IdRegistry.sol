// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A stand-in for Farcaster's IdRegistry (Optimism 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b) with
/// the part Sign In With Farcaster reads: custodyOf(fid). Registering and moving custody are open
/// to anyone here; on the real registry they need the custody key or a signed transfer.
contract IdRegistry {
    mapping(uint256 => address) public custodyOf;
    mapping(address => uint256) public idOf;
    uint256 public idCounter;

    event Register(address indexed to, uint256 indexed id, address recovery);
    event Transfer(address indexed from, address indexed to, uint256 indexed id);

    function register(address to) external returns (uint256 fid) {
        require(idOf[to] == 0, "has id");
        fid = ++idCounter;
        custodyOf[fid] = to;
        idOf[to] = fid;
        emit Register(to, fid, address(0));
    }

    function transfer(uint256 fid, address to) external {
        address from = custodyOf[fid];
        require(from != address(0) && idOf[to] == 0, "bad transfer");
        delete idOf[from];
        custodyOf[fid] = to;
        idOf[to] = fid;
        emit Transfer(from, to, fid);
    }
}
