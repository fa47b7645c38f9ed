// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20Like {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// The relay stand-in's deposit contract on the local chain, in the manner of Relay's depository:
/// an ERC-20 deposit pulls the approved amount from the sender and records the request id.
contract TestDepository {
    event Deposit(address indexed from, address indexed token, uint256 amount, bytes32 id);

    function depositErc20(address token, uint256 amount, bytes32 id) external {
        require(IERC20Like(token).transferFrom(msg.sender, address(this), amount), "transfer");
        emit Deposit(msg.sender, token, amount, id);
    }
}
