//! Who is asking: the client's address, read from `X-Forwarded-For` only
//! when the connection comes from a trusted reverse proxy.

use std::fmt;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::str::FromStr;

use axum::http::HeaderMap;

/// A block of addresses (`127.0.0.1/32`, `10.0.0.0/8`, `::1/128`, or one
/// address, which means that address alone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    net: IpAddr,
    prefix: u8,
}

/// Why a `--trusted-proxy` value was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("`{0}` is not an address block (expected e.g. 127.0.0.1/32, 10.0.0.0/8 or ::1/128)")]
pub struct BadCidr(String);

impl FromStr for Cidr {
    type Err = BadCidr;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadCidr(s.to_owned());
        let (addr, prefix) = match s.trim().split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (s.trim(), None),
        };
        let net: IpAddr = addr.parse().map_err(|_| bad())?;
        let max = if net.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p.parse::<u8>().ok().filter(|&p| p <= max).ok_or_else(bad)?,
            None => max,
        };
        Ok(Cidr {
            net: mask(net, prefix),
            prefix,
        })
    }
}

impl fmt::Display for Cidr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.net, self.prefix)
    }
}

impl Cidr {
    /// Whether `ip` is in the block (an IPv4-mapped IPv6 address counts as
    /// its IPv4 address).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        ip.is_ipv4() == self.net.is_ipv4() && mask(ip, self.prefix) == self.net
    }
}

/// `ip` with every bit after the first `prefix` cleared.
fn mask(ip: IpAddr, prefix: u8) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => {
            let bits = u32::from(v4);
            let keep = u32::MAX.checked_shl(32 - u32::from(prefix)).unwrap_or(0);
            IpAddr::V4((bits & keep).into())
        }
        IpAddr::V6(v6) => {
            let bits = u128::from(v6);
            let keep = u128::MAX.checked_shl(128 - u32::from(prefix)).unwrap_or(0);
            IpAddr::V6((bits & keep).into())
        }
    }
}

/// An IPv4-mapped IPv6 address as IPv4; any other address as it is.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The reverse proxies whose `X-Forwarded-For` is believed (none by default).
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(pub Vec<Cidr>);

impl TrustedProxies {
    /// Whether `ip` is one of the trusted proxies.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|c| c.contains(ip))
    }

    /// The client's address: the connection's peer, or, when the peer is a
    /// trusted proxy, the nearest address in `X-Forwarded-For` that is not
    /// itself a trusted proxy (read from the right: the entries to the left
    /// of that one were written by the client and prove nothing). A missing
    /// or unreadable header leaves the peer's address.
    pub fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        let peer = canonical(peer.ip());
        if !self.trusts(peer) {
            return peer;
        }
        let mut client = peer;
        for value in headers.get_all("x-forwarded-for").iter().rev() {
            let Ok(text) = value.to_str() else {
                return client;
            };
            for entry in text.rsplit(',') {
                let Some(ip) = parse_entry(entry) else {
                    return client;
                };
                client = ip;
                if !self.trusts(ip) {
                    return ip;
                }
            }
        }
        client
    }
}

/// One `X-Forwarded-For` entry: an address, maybe with a port (`1.2.3.4:5`,
/// `[::1]:5`).
fn parse_entry(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim();
    if let Ok(ip) = entry.parse::<IpAddr>() {
        return Some(canonical(ip));
    }
    if let Ok(sock) = entry.parse::<SocketAddr>() {
        return Some(canonical(sock.ip()));
    }
    entry
        .strip_prefix('[')
        .and_then(|e| e.strip_suffix(']'))
        .and_then(|e| e.parse::<Ipv6Addr>().ok())
        .map(|v6| canonical(IpAddr::V6(v6)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", v.parse().unwrap());
        }
        h
    }

    fn proxies(blocks: &[&str]) -> TrustedProxies {
        TrustedProxies(blocks.iter().map(|b| b.parse().unwrap()).collect())
    }

    const PROXY: &str = "127.0.0.1:40000";

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_claims() {
        let t = proxies(&["10.0.0.0/8"]);
        let ip = t.client(PROXY.parse().unwrap(), &headers(&["203.0.113.9"]));
        assert_eq!(ip, "127.0.0.1".parse::<IpAddr>().unwrap());
        let none = TrustedProxies::default();
        let ip = none.client(PROXY.parse().unwrap(), &headers(&["203.0.113.9"]));
        assert_eq!(ip, "127.0.0.1".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn a_trusted_proxy_names_the_client_in_the_last_entry() {
        let t = proxies(&["127.0.0.1/32"]);
        // The client wrote "198.51.100.1" itself; the proxy appended the
        // address it saw: only that one counts.
        let h = headers(&["198.51.100.1, 203.0.113.9"]);
        let ip = t.client(PROXY.parse().unwrap(), &h);
        assert_eq!(ip, "203.0.113.9".parse::<IpAddr>().unwrap());
        // Several headers are one list, in order.
        let h = headers(&["198.51.100.1", "203.0.113.9"]);
        assert_eq!(
            t.client(PROXY.parse().unwrap(), &h),
            "203.0.113.9".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn a_chain_of_trusted_proxies_is_walked_from_the_right() {
        let t = proxies(&["127.0.0.1/32", "10.0.0.0/8"]);
        let h = headers(&["198.51.100.1, 203.0.113.9, 10.1.2.3"]);
        assert_eq!(
            t.client(PROXY.parse().unwrap(), &h),
            "203.0.113.9".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn a_missing_or_garbled_header_leaves_the_peer() {
        let t = proxies(&["127.0.0.1"]);
        let peer: SocketAddr = PROXY.parse().unwrap();
        assert_eq!(t.client(peer, &HeaderMap::new()), peer.ip());
        assert_eq!(t.client(peer, &headers(&["not an address"])), peer.ip());
        // A good entry right of a garbled one still counts.
        assert_eq!(
            t.client(peer, &headers(&["junk, [2001:db8::7]:443"])),
            "2001:db8::7".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn ipv4_mapped_peers_match_ipv4_blocks() {
        let t = proxies(&["127.0.0.1/32"]);
        let peer: SocketAddr = "[::ffff:127.0.0.1]:80".parse().unwrap();
        assert_eq!(
            t.client(peer, &headers(&["203.0.113.9"])),
            "203.0.113.9".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn blocks_parse_and_refuse() {
        assert_eq!(
            "10.1.2.3/8".parse::<Cidr>().unwrap().to_string(),
            "10.0.0.0/8"
        );
        assert_eq!("::1".parse::<Cidr>().unwrap().to_string(), "::1/128");
        assert!("0.0.0.0/0"
            .parse::<Cidr>()
            .unwrap()
            .contains("8.8.8.8".parse().unwrap()));
        for bad in ["10.0.0.0/33", "::/129", "localhost", "10.0.0.0/x", ""] {
            assert!(bad.parse::<Cidr>().is_err(), "{bad}");
        }
    }
}
