//! Accepting connections with limits that axum's own `serve` does not set: how many
//! connections may be open at once (WebSockets included), and how long a connection may
//! take to send a request's headers, so idle and slow connections cannot pile up.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::{pin, Pin};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tower::{Service, ServiceExt};

/// The limits on connections.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most connections open at once; a connection beyond this is closed on arrival.
    pub max_connections: usize,
    /// Most connections one address (IPv6: one /64) may hold open at once; one beyond
    /// this is closed on arrival.
    pub max_per_address: usize,
    /// Most connections one network (see `network_bits`) may hold open at once; one
    /// beyond this is closed on arrival.
    pub max_per_network: usize,
    /// The network an address counts under.
    pub network_bits: crate::clock::NetworkBits,
    /// Longest wait for a request's headers, from when the connection opens or its last
    /// response was sent.
    pub header_timeout: Duration,
    /// The kernel's send buffer of each accepted connection (`SO_SNDBUF`), fixed so the
    /// kernel does not grow it: a client that stops reading blocks the server's writes
    /// once this much waits, whatever the kernel's tuning. `None`: the kernel's own.
    pub send_buffer: Option<usize>,
    /// Connections open now, kept up to date here (the WebSocket upgrade reads it to
    /// keep the last places for seated players).
    pub open: Arc<AtomicUsize>,
}

/// Counts a connection in [`Limits::open`] while it lives.
struct Open(Arc<AtomicUsize>);

impl Open {
    fn count(open: &Arc<AtomicUsize>) -> Open {
        open.fetch_add(1, Ordering::Relaxed);
        Open(open.clone())
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// How long open connections get to finish once shutdown begins (the server must be
/// gone within 5 s of SIGTERM: searches stop and WebSockets close at once).
const DRAIN: Duration = Duration::from_secs(3);

/// A connection that holds one of the limited places while it (or the WebSocket it was
/// upgraded to) is open.
struct Counted {
    stream: TcpStream,
    _place: OwnedSemaphorePermit,
    _mine: AddressPlace,
    _ours: AddressPlace,
    _open: Open,
}

/// Connections open per address.
type PerAddress = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// One of an address's (or a network's) connections, counted while it lives.
struct AddressPlace {
    table: PerAddress,
    key: IpAddr,
}

impl AddressPlace {
    /// Counts a connection for `key` (an address or a network), unless it has `max`
    /// open already.
    fn take(table: &PerAddress, key: IpAddr, max: usize) -> Option<AddressPlace> {
        let mut t = table.lock().unwrap_or_else(|p| p.into_inner());
        let open = t.entry(key).or_insert(0);
        if *open >= max {
            return None;
        }
        *open += 1;
        Some(AddressPlace {
            table: table.clone(),
            key,
        })
    }
}

impl Drop for AddressPlace {
    fn drop(&mut self) {
        let mut t = self.table.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(open) = t.get_mut(&self.key) {
            *open -= 1;
            if *open == 0 {
                t.remove(&self.key);
            }
        }
    }
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }
    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Serves `router` on `listener` within `limits` until `shutdown` completes, then lets
/// open requests finish (for a few seconds at most).
pub async fn run(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) {
    let mut make_service = router.into_make_service_with_connect_info::<SocketAddr>();
    let max = limits.max_connections.max(1);
    let places = Arc::new(Semaphore::new(max));
    let per_address: PerAddress = Arc::default();
    let per_network: PerAddress = Arc::default();
    let (stop, stopping) = watch::channel(false);
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, addr) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(connection) => connection,
                Err(e) => {
                    // Out of file descriptors, say: wait a little rather than spin.
                    tracing::warn!("accepting a connection failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let address = crate::clock::rate_key(addr.ip());
        let Some(mine) = AddressPlace::take(&per_address, address, limits.max_per_address) else {
            tracing::warn!(%addr, "{} connections open from this address; closing a new one", limits.max_per_address);
            continue;
        };
        let network = crate::clock::network_key(addr.ip(), limits.network_bits);
        let Some(ours) = AddressPlace::take(&per_network, network, limits.max_per_network) else {
            tracing::warn!(%addr, %network, "{} connections open from this network; closing a new one", limits.max_per_network);
            continue;
        };
        // Each event is one small write that should leave at once, not wait for the
        // acknowledgement of the last (Nagle's algorithm).
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(%addr, "TCP_NODELAY: {e}");
        }
        if let Some(size) = limits.send_buffer {
            if let Err(e) = socket2::SockRef::from(&stream).set_send_buffer_size(size) {
                tracing::debug!(%addr, "SO_SNDBUF: {e}");
            }
        }
        let Ok(place) = places.clone().try_acquire_owned() else {
            tracing::warn!(%addr, "{} connections open; closing a new one", limits.max_connections);
            continue;
        };
        let service = match make_service.call(addr).await {
            Ok(service) => service,
            Err(never) => match never {},
        };
        let service =
            TowerToHyperService::new(service.map_request(|r: Request<Incoming>| r.map(Body::new)));
        let io = TokioIo::new(Counted {
            stream,
            _place: place,
            _mine: mine,
            _ours: ours,
            _open: Open::count(&limits.open),
        });
        // HTTP/1.1 only (browsers speak nothing else over plain HTTP): a server that
        // sniffs for HTTP/2 first would wait for the first bytes without a deadline.
        let connection = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .serve_connection(io, service)
            .with_upgrades();
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let mut connection = pin!(connection);
            let ended = tokio::select! {
                ended = connection.as_mut() => ended,
                _ = stopping.changed() => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(e) = ended {
                tracing::debug!(%addr, "connection ended: {e}");
            }
        });
    }
    drop(listener);
    let _ = stop.send(true);
    // Every connection gives its place back as it closes.
    let all_closed = places.acquire_many(max as u32);
    if tokio::time::timeout(DRAIN, all_closed).await.is_err() {
        tracing::warn!("some connections were still open after {DRAIN:?}; closing them");
    }
}
