// SPDX-License-Identifier: MIT
// Small contracts the devnet seed needs and no npm artifact provides. Compiled at build time with
// the pinned solc from npm (see ../compile.ts); the output is cached beside the dumps.
pragma solidity 0.8.37;

/// Plain ERC-20 base with an owner who can mint; subclasses hook `_move` to change transfer rules.
abstract contract OwnedToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    address public immutable owner;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        owner = msg.sender;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == owner, "only owner");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _move(from, to, amount);
        return true;
    }

    function _debit(address from, uint256 amount) internal {
        uint256 balance = balanceOf[from];
        require(balance >= amount, "balance");
        unchecked {
            balanceOf[from] = balance - amount;
        }
    }

    function _move(address from, address to, uint256 amount) internal virtual;
}

/// Takes `feeBps` of every transfer (except the owner's) and sends it to the owner.
contract FeeOnTransferToken is OwnedToken {
    uint256 public immutable feeBps;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 feeBps_)
        OwnedToken(name_, symbol_, decimals_)
    {
        feeBps = feeBps_;
    }

    function _move(address from, address to, uint256 amount) internal override {
        _debit(from, amount);
        uint256 fee = from == owner ? 0 : (amount * feeBps) / 10_000;
        balanceOf[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
        if (fee > 0) {
            balanceOf[owner] += fee;
            emit Transfer(from, owner, fee);
        }
    }
}

/// Anyone can receive it; only the owner and the addresses it lists (its pools) can send it. So it
/// can be bought from a pool but never sold back.
contract HoneypotToken is OwnedToken {
    mapping(address => bool) public canSend;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) OwnedToken(name_, symbol_, decimals_) {}

    function allowSender(address who) external {
        require(msg.sender == owner, "only owner");
        canSend[who] = true;
    }

    function _move(address from, address to, uint256 amount) internal override {
        require(from == owner || canSend[from], "TRANSFER_FROM_FAILED");
        _debit(from, amount);
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// ERC-721 whose metadata is an on-chain data: URI (JSON with an SVG image).
contract OxbowCollection {
    string public name;
    string public symbol;
    string private description;
    uint256 private immutable hue;
    address public immutable owner;
    uint256 public totalSupply;
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor(string memory name_, string memory symbol_, string memory description_, uint256 hue_) {
        name = name_;
        symbol = symbol_;
        description = description_;
        hue = hue_;
        owner = msg.sender;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0x80ac58cd || id == 0x5b5e139f;
    }

    function mint(address to) external returns (uint256 tokenId) {
        require(msg.sender == owner, "only owner");
        tokenId = ++totalSupply;
        ownerOf[tokenId] = to;
        balanceOf[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    function approve(address to, uint256 tokenId) external {
        address holder = ownerOf[tokenId];
        require(msg.sender == holder || isApprovedForAll[holder][msg.sender], "not allowed");
        getApproved[tokenId] = to;
        emit Approval(holder, to, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        require(ownerOf[tokenId] == from && from != address(0), "wrong owner");
        require(to != address(0), "zero address");
        require(
            msg.sender == from || getApproved[tokenId] == msg.sender || isApprovedForAll[from][msg.sender],
            "not allowed"
        );
        delete getApproved[tokenId];
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        ownerOf[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        transferFrom(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes calldata) external {
        transferFrom(from, to, tokenId);
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        require(ownerOf[tokenId] != address(0), "no such token");
        string memory id = _decimal(tokenId);
        string memory color = _decimal((hue + tokenId * 37) % 360);
        bytes memory svg = abi.encodePacked(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="hsl(',
            color,
            ',70%,55%)"/><text x="50" y="58" font-size="20" text-anchor="middle" fill="white">#',
            id,
            "</text></svg>"
        );
        bytes memory json = abi.encodePacked(
            '{"name":"',
            name,
            " #",
            id,
            '","description":"',
            description,
            '","image":"data:image/svg+xml;base64,',
            _base64(svg),
            '","attributes":[{"trait_type":"Hue","value":',
            color,
            "}]}"
        );
        return string(abi.encodePacked("data:application/json;base64,", _base64(json)));
    }

    function _decimal(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (; value != 0; value /= 10) out[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(out);
    }

    function _base64(bytes memory data) private pure returns (string memory) {
        bytes memory table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        uint256 len = data.length;
        if (len == 0) return "";
        bytes memory out = new bytes(4 * ((len + 2) / 3));
        uint256 j;
        for (uint256 i = 0; i < len; i += 3) {
            uint256 a = uint8(data[i]);
            uint256 b = i + 1 < len ? uint8(data[i + 1]) : 0;
            uint256 c = i + 2 < len ? uint8(data[i + 2]) : 0;
            uint256 triple = (a << 16) | (b << 8) | c;
            out[j++] = table[(triple >> 18) & 63];
            out[j++] = table[(triple >> 12) & 63];
            out[j++] = i + 1 < len ? table[(triple >> 6) & 63] : bytes1("=");
            out[j++] = i + 2 < len ? table[triple & 63] : bytes1("=");
        }
        return string(out);
    }
}

struct PoolKey {
    address currency0;
    address currency1;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
}

struct SwapParams {
    bool zeroForOne;
    int256 amountSpecified;
    uint160 sqrtPriceLimitX96;
}

interface IPoolManagerFees {
    function updateDynamicLPFee(PoolKey memory key, uint24 newDynamicLPFee) external;
}

/// A v4 hook with AFTER_INITIALIZE and AFTER_SWAP permissions (its address's low 14 bits are
/// 0x1040). It counts swaps per pool and, for dynamic-fee pools, moves the LP fee between 0.25 %
/// and 0.45 % with each swap, like a simple volatility fee.
contract OxbowHook {
    address public immutable poolManager;
    mapping(bytes32 => uint256) public swapCount;

    event HookSwap(bytes32 indexed poolId, uint256 count, uint24 fee);

    constructor(address poolManager_) {
        poolManager = poolManager_;
    }

    modifier onlyPoolManager() {
        require(msg.sender == poolManager, "not the pool manager");
        _;
    }

    function afterInitialize(address, PoolKey calldata key, uint160, int24) external onlyPoolManager returns (bytes4) {
        if (key.fee == 0x800000) IPoolManagerFees(poolManager).updateDynamicLPFee(key, 3000);
        return OxbowHook.afterInitialize.selector;
    }

    function afterSwap(address, PoolKey calldata key, SwapParams calldata, int256, bytes calldata)
        external
        onlyPoolManager
        returns (bytes4, int128)
    {
        bytes32 id = keccak256(abi.encode(key));
        uint256 count = ++swapCount[id];
        uint24 fee = key.fee;
        if (fee == 0x800000) {
            fee = uint24(2500 + (count % 5) * 500);
            IPoolManagerFees(poolManager).updateDynamicLPFee(key, fee);
        }
        emit HookSwap(id, count, fee);
        return (OxbowHook.afterSwap.selector, 0);
    }
}
