use std::sync::{Arc, Mutex};

use pretty_assertions::assert_eq;
use tokio::sync::{mpsc, oneshot, Notify};

use super::*;
use crate::output::OutputOptions;

/// Keeps what it receives, one entry per receive; optionally says so on `seen` and waits for
/// `gate` before completing a receive.
#[derive(Clone, Default)]
struct Collect {
    got: Arc<Mutex<Vec<String>>>,
    seen: Option<mpsc::UnboundedSender<String>>,
    gate: Option<Arc<Notify>>,
}

impl Collect {
    fn got(&self) -> Vec<String> {
        self.got.lock().unwrap().clone()
    }
}

impl ChunkReceiver for Collect {
    fn receive(&mut self, text: String) -> Received<'_> {
        Box::pin(async move {
            if let Some(seen) = &self.seen {
                let _ = seen.send(text.clone());
            }
            if let Some(gate) = &self.gate {
                gate.notified().await;
            }
            // A slow receiver: the delivery must still wait for it.
            tokio::task::yield_now().await;
            self.got.lock().unwrap().push(text);
        })
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// Queues `chunks` (at most [`CHUNK_QUEUE`]) before delivery starts, then delivers them.
fn deliver_queued(
    chunks: &[&[u8]],
    pipeline: Option<OutputPipeline>,
) -> (Vec<String>, Option<OutputSummary>) {
    runtime().block_on(async {
        let (tx, rx) = mpsc::channel(CHUNK_QUEUE);
        for chunk in chunks {
            tx.try_send(chunk.to_vec()).unwrap();
        }
        drop(tx);
        let collect = Collect::default();
        let summary = deliver(rx, pipeline, Some(collect.clone())).await;
        (collect.got(), summary)
    })
}

#[test]
fn many_small_chunks_become_one_receive() {
    let chunks: Vec<&[u8]> = vec![b"a"; CHUNK_QUEUE];
    let (got, summary) = deliver_queued(&chunks, None);
    assert_eq!(got, vec!["a".repeat(CHUNK_QUEUE)]);
    assert!(summary.is_none());
}

#[test]
fn coalescing_stops_past_the_cap() {
    let big = vec![b'x'; 40 << 10];
    let (got, _) = deliver_queued(&[&big, &big, &big], None);
    // 40 KiB is under the cap, so the second read joins it; 80 KiB is not, so the third waits.
    let sizes: Vec<usize> = got.iter().map(String::len).collect();
    assert_eq!(sizes, vec![80 << 10, 40 << 10]);
}
const _: () = assert!(COALESCE_MAX_BYTES > 40 << 10 && COALESCE_MAX_BYTES <= 80 << 10);

#[test]
fn a_character_split_across_reads_stays_whole() {
    runtime().block_on(async {
        let (tx, rx) = mpsc::channel(CHUNK_QUEUE);
        let (seen_tx, mut seen) = mpsc::unbounded_channel();
        let collect = Collect {
            seen: Some(seen_tx),
            ..Default::default()
        };
        let delivery = tokio::spawn(deliver(rx, None, Some(collect.clone())));
        // The first read ends inside "€": only "a" is complete, and is received alone.
        tx.send(b"a\xe2".to_vec()).await.unwrap();
        assert_eq!(seen.recv().await.unwrap(), "a");
        tx.send(b"\x82\xac b".to_vec()).await.unwrap();
        assert_eq!(seen.recv().await.unwrap(), "€ b");
        drop(tx);
        assert!(delivery.await.unwrap().is_none());
        assert_eq!(collect.got(), vec!["a", "€ b"]);
    });
}

#[test]
fn an_unfinished_character_at_the_end_is_flushed() {
    let (got, _) = deliver_queued(&[b"ok \xe2\x82"], None);
    assert_eq!(got.concat(), "ok \u{FFFD}");
}

#[test]
fn order_is_kept_and_everything_arrives_before_deliver_returns() {
    runtime().block_on(async {
        let (tx, rx) = mpsc::channel(CHUNK_QUEUE);
        let collect = Collect::default();
        let delivery = tokio::spawn(deliver(rx, None, Some(collect.clone())));
        let mut sent = String::new();
        for i in 0..2000 {
            let line = format!("line {i}\n");
            sent.push_str(&line);
            tx.send(line.into_bytes()).await.unwrap();
            if i % 97 == 0 {
                tokio::task::yield_now().await;
            }
        }
        drop(tx);
        delivery.await.unwrap();
        // Collected right after the delivery returned: nothing is still on its way.
        assert_eq!(collect.got().concat(), sent);
    });
}

#[test]
fn the_pipeline_processes_and_summarizes() {
    let pipeline = OutputPipeline::new(&OutputOptions::default()).unwrap();
    let (got, summary) = deliver_queued(&[b"\x1b[31mred\x1b[0m\r\n", b"two\r"], Some(pipeline));
    // The held CR is released by the flush at the end, as a last receive if need be.
    assert_eq!(got.concat(), "red\ntwo\n");
    let summary = summary.unwrap();
    assert_eq!(summary.output, "red\ntwo\n");
    assert_eq!(summary.total_lines, 3);
    assert!(!summary.truncated);
}

#[test]
fn without_a_receiver_the_pipeline_still_takes_everything() {
    let pipeline = OutputPipeline::new(&OutputOptions::default()).unwrap();
    let summary = runtime().block_on(async {
        let (tx, rx) = mpsc::channel(CHUNK_QUEUE);
        tx.send(b"quiet\n".to_vec()).await.unwrap();
        drop(tx);
        deliver::<Collect>(rx, Some(pipeline), None).await
    });
    assert_eq!(summary.unwrap().output, "quiet\n");
}

#[test]
fn a_receiver_that_does_not_finish_stalls_the_sender_once_the_queue_is_full() {
    runtime().block_on(async {
        let (tx, rx) = mpsc::channel(CHUNK_QUEUE);
        let (seen_tx, mut seen) = mpsc::unbounded_channel();
        let gate = Arc::new(Notify::new());
        let collect = Collect {
            seen: Some(seen_tx),
            gate: Some(gate.clone()),
            ..Default::default()
        };
        let delivery = tokio::spawn(deliver(rx, None, Some(collect.clone())));
        // Reads as large as the cap: each is received alone.
        let block = vec![b'x'; COALESCE_MAX_BYTES];
        tx.send(block.clone()).await.unwrap();
        // The delivery is now inside a receive that does not finish.
        assert_eq!(seen.recv().await.unwrap().len(), COALESCE_MAX_BYTES);
        for _ in 0..CHUNK_QUEUE {
            tx.try_send(block.clone()).unwrap();
        }
        assert!(matches!(
            tx.try_send(block.clone()),
            Err(mpsc::error::TrySendError::Full(_))
        ));
        // A sender that waits is held until the receiver lets go.
        let (sent_tx, mut sent) = oneshot::channel();
        let sender = tokio::spawn({
            let block = block.clone();
            async move {
                tx.send(block).await.unwrap();
                let _ = sent_tx.send(());
            }
        });
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        assert!(
            sent.try_recv().is_err(),
            "the sender went through a full queue"
        );
        // Let every receive through, one at a time: the first, then each one seen arriving.
        for _ in 0..CHUNK_QUEUE + 1 {
            gate.notify_one();
            assert_eq!(seen.recv().await.unwrap().len(), COALESCE_MAX_BYTES);
        }
        gate.notify_one();
        sender.await.unwrap();
        delivery.await.unwrap();
        assert_eq!(collect.got().len(), CHUNK_QUEUE + 2);
        assert!(collect.got().iter().all(|t| t.len() == COALESCE_MAX_BYTES));
    });
}

#[test]
fn deliver_while_returns_after_the_last_receive() {
    let pipeline = OutputPipeline::new(&OutputOptions::default()).unwrap();
    let collect = Collect::default();
    let (value, summary) = runtime()
        .block_on(deliver_while(
            Some(pipeline),
            Some(collect.clone()),
            |tx| async move {
                let tx = tx.unwrap();
                for i in 0..100 {
                    tx.send(format!("{i}\n").into_bytes()).await.unwrap();
                }
                "done"
            },
        ))
        .unwrap();
    let expected: String = (0..100).map(|i| format!("{i}\n")).collect();
    assert_eq!(value, "done");
    assert_eq!(collect.got().concat(), expected);
    assert_eq!(summary.unwrap().output, expected);
}

#[test]
fn deliver_while_without_pipeline_or_receiver_gives_no_sender() {
    let (had_sender, summary) = runtime()
        .block_on(deliver_while::<_, Collect, _>(
            None,
            None,
            |tx| async move { tx.is_some() },
        ))
        .unwrap();
    assert!(!had_sender);
    assert!(summary.is_none());
}
