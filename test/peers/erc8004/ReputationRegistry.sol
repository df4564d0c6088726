// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IIdentity {
    function ownerOf(uint256 tokenId) external view returns (address);
}

/// A small ERC-8004-compatible Reputation Registry for tests: signed fixed-point feedback per client,
/// the client list, and a summary over chosen clients (values normalised to 18 decimals, averaged).
contract ReputationRegistry {
    struct Feedback { int128 value; uint8 valueDecimals; string tag1; string tag2; bool isRevoked; }

    event NewFeedback(uint256 indexed agentId, address indexed clientAddress, uint64 feedbackIndex, int128 value, uint8 valueDecimals, string indexed indexedTag1, string tag1, string tag2, string endpoint, string feedbackURI, bytes32 feedbackHash);

    address private immutable _identity;
    mapping(uint256 => address[]) private _clients;
    mapping(uint256 => mapping(address => Feedback[])) private _feedback;

    constructor(address identityRegistry) { _identity = identityRegistry; }

    function getIdentityRegistry() external view returns (address) { return _identity; }

    function giveFeedback(uint256 agentId, int128 value, uint8 valueDecimals, string calldata tag1, string calldata tag2, string calldata endpoint, string calldata feedbackURI, bytes32 feedbackHash) external {
        require(valueDecimals <= 18, "decimals");
        require(IIdentity(_identity).ownerOf(agentId) != msg.sender, "self-feedback");
        if (_feedback[agentId][msg.sender].length == 0) _clients[agentId].push(msg.sender);
        _feedback[agentId][msg.sender].push(Feedback(value, valueDecimals, tag1, tag2, false));
        emit NewFeedback(agentId, msg.sender, uint64(_feedback[agentId][msg.sender].length), value, valueDecimals, tag1, tag1, tag2, endpoint, feedbackURI, feedbackHash);
    }

    function revokeFeedback(uint256 agentId, uint64 feedbackIndex) external {
        _feedback[agentId][msg.sender][feedbackIndex - 1].isRevoked = true;
    }

    function getClients(uint256 agentId) external view returns (address[] memory) {
        return _clients[agentId];
    }

    function getLastIndex(uint256 agentId, address clientAddress) external view returns (uint64) {
        return uint64(_feedback[agentId][clientAddress].length);
    }

    function getSummary(uint256 agentId, address[] calldata clientAddresses, string calldata tag1, string calldata tag2) external view returns (uint64 count, int128 summaryValue, uint8 summaryValueDecimals) {
        require(clientAddresses.length > 0, "clientAddresses required");
        int256 total;
        for (uint256 c = 0; c < clientAddresses.length; c++) {
            Feedback[] storage list = _feedback[agentId][clientAddresses[c]];
            for (uint256 i = 0; i < list.length; i++) {
                Feedback storage f = list[i];
                if (f.isRevoked) continue;
                if (bytes(tag1).length > 0 && keccak256(bytes(f.tag1)) != keccak256(bytes(tag1))) continue;
                if (bytes(tag2).length > 0 && keccak256(bytes(f.tag2)) != keccak256(bytes(tag2))) continue;
                total += int256(f.value) * int256(10 ** (18 - uint256(f.valueDecimals)));
                count++;
            }
        }
        summaryValueDecimals = 18;
        summaryValue = count == 0 ? int128(0) : int128(total / int256(uint256(count)));
    }
}
