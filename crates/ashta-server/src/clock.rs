//! The server's clock and the keys its limits count a client under: its address, and
//! its network.

use std::net::IpAddr;
use std::time::{SystemTime, UNIX_EPOCH};

/// Unix time in milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// What the per-address limits count an address under: itself (IPv4), or its /64
/// (IPv6, which one client usually holds whole).
pub(crate) fn rate_key(ip: IpAddr) -> IpAddr {
    network_key(ip, NetworkBits { v4: 32, v6: 64 })
}

/// How many leading bits of an address name the network the per-network shares count
/// it under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetworkBits {
    /// Of an IPv4 address (24: a /24), 0 to 32.
    pub v4: u8,
    /// Of an IPv6 address (56: a /56), 0 to 128.
    pub v6: u8,
}

impl Default for NetworkBits {
    fn default() -> NetworkBits {
        NetworkBits { v4: 24, v6: 56 }
    }
}

/// The network of `ip`: its first `bits.v4` (IPv4, and IPv4 mapped into IPv6) or
/// `bits.v6` (IPv6) bits, the rest zero.
pub fn network_key(ip: IpAddr, bits: NetworkBits) -> IpAddr {
    let v4 = |v4: std::net::Ipv4Addr| {
        let keep = u32::from(bits.v4.min(32));
        let mask = if keep == 0 {
            0
        } else {
            u32::MAX << (32 - keep)
        };
        IpAddr::V4((u32::from(v4) & mask).into())
    };
    match ip {
        IpAddr::V4(a) => v4(a),
        IpAddr::V6(a) => match a.to_ipv4_mapped() {
            Some(a) => v4(a),
            None => {
                let keep = u32::from(bits.v6.min(128));
                let mask = if keep == 0 {
                    0
                } else {
                    u128::MAX << (128 - keep)
                };
                IpAddr::V6((u128::from(a) & mask).into())
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_of_one_network_share_its_key() {
        let bits = NetworkBits::default();
        let key = |s: &str| network_key(s.parse().unwrap(), bits);
        assert_eq!(key("10.1.2.3"), key("10.1.2.200"));
        assert_ne!(key("10.1.2.3"), key("10.1.3.3"));
        assert_eq!(key("2001:db8::1"), key("2001:db8::ffff:1"));
        // One customer's /56 is one network: its 256 /64s share a key.
        assert_eq!(key("2001:db8::1"), key("2001:db8:0:1::1"));
        assert_eq!(key("2001:db8::1"), key("2001:db8:0:ff::1"));
        assert_ne!(key("2001:db8::1"), key("2001:db8:0:100::1"));
        assert_eq!(key("::ffff:10.1.2.3"), key("10.1.2.9"));
        let wide = NetworkBits { v4: 16, v6: 48 };
        assert_eq!(
            network_key("10.1.2.3".parse().unwrap(), wide),
            network_key("10.1.9.3".parse().unwrap(), wide)
        );
        assert_eq!(
            rate_key("10.1.2.3".parse().unwrap()).to_string(),
            "10.1.2.3"
        );
    }
}
