//! The order in which one owner's results are handed back: each is numbered as it is made, and
//! handed back only after every one numbered before it. A session's runs are serialized anyway,
//! but may end on different threads; their promises must still settle in call order.
//!
//! Plain data, no lock and no host: the owner keeps it behind its own lock and runs what it
//! returns outside that lock (napi/'s `JsThread` settles promises with it).

use std::collections::BTreeMap;

/// Numbers results and holds back those that come before their turn. `J` is what settles one
/// (a job to run).
#[derive(Debug)]
pub(crate) struct Order<J> {
    /// Numbers handed out so far.
    made: u64,
    /// The next number (in making order) due to settle.
    next: u64,
    /// Settlements that came before their turn.
    early: BTreeMap<u64, J>,
}

impl<J> Default for Order<J> {
    fn default() -> Self {
        Order {
            made: 0,
            next: 0,
            early: BTreeMap::new(),
        }
    }
}

impl<J> Order<J> {
    /// The number of a new result, after every one numbered before.
    pub(crate) fn ticket(&mut self) -> u64 {
        self.made += 1;
        self.made - 1
    }

    /// The settlement of `number` is ready: returned when its turn has come (run it, then call
    /// [`Order::done`]), else kept for its turn. A number that never arrives holds every later
    /// one back: a result is always settled, if only with an error.
    pub(crate) fn arrive(&mut self, number: u64, job: J) -> Option<J> {
        if self.next != number {
            self.early.insert(number, job);
            return None;
        }
        Some(job)
    }

    /// The settlement last returned (by [`Order::arrive`] or here) has run: the next in turn,
    /// if it came early, to run now (then call `done` again).
    pub(crate) fn done(&mut self) -> Option<J> {
        self.next += 1;
        self.early.remove(&self.next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// Arrives `numbers` in the given order, running whatever is due as the owner does; returns
    /// the numbers in the order they ran.
    fn run(order: &mut Order<u64>, numbers: &[u64]) -> Vec<u64> {
        let mut ran = Vec::new();
        for &n in numbers {
            let mut due = order.arrive(n, n);
            while let Some(job) = due {
                ran.push(job);
                due = order.done();
            }
        }
        ran
    }

    fn tickets(order: &mut Order<u64>, n: u64) {
        for i in 0..n {
            assert_eq!(order.ticket(), i);
        }
    }

    #[test]
    fn in_order_each_runs_at_once() {
        let mut order = Order::default();
        tickets(&mut order, 3);
        assert_eq!(run(&mut order, &[0]), vec![0]);
        assert_eq!(run(&mut order, &[1]), vec![1]);
        assert_eq!(run(&mut order, &[2]), vec![2]);
    }

    #[test]
    fn out_of_order_waits_for_its_turn() {
        let mut order = Order::default();
        tickets(&mut order, 3);
        assert_eq!(run(&mut order, &[1]), Vec::<u64>::new());
        assert_eq!(run(&mut order, &[2]), Vec::<u64>::new());
        assert_eq!(run(&mut order, &[0]), vec![0, 1, 2]);
    }

    #[test]
    fn many_early_run_in_making_order() {
        let mut order = Order::default();
        tickets(&mut order, 1000);
        let reversed: Vec<u64> = (1..1000).rev().collect();
        assert_eq!(run(&mut order, &reversed), Vec::<u64>::new());
        assert_eq!(run(&mut order, &[0]), (0..1000).collect::<Vec<_>>());
    }

    #[test]
    fn interleaved_arrivals_release_what_became_due() {
        let mut order = Order::default();
        tickets(&mut order, 6);
        assert_eq!(run(&mut order, &[2, 0]), vec![0]);
        assert_eq!(run(&mut order, &[1]), vec![1, 2]);
        assert_eq!(run(&mut order, &[5, 4, 3]), vec![3, 4, 5]);
    }

    #[test]
    fn a_number_that_never_arrives_holds_the_later_ones() {
        // The owner always settles what it numbered (a panic is settled as an error), so a
        // missing number is a bug that shows as a stall, not as an order broken.
        let mut order = Order::default();
        tickets(&mut order, 5);
        assert_eq!(run(&mut order, &[0, 2, 3, 4]), vec![0]);
        assert_eq!(run(&mut order, &[1]), vec![1, 2, 3, 4]);
    }

    #[test]
    fn numbers_made_later_continue_the_sequence() {
        let mut order = Order::default();
        tickets(&mut order, 2);
        assert_eq!(run(&mut order, &[0, 1]), vec![0, 1]);
        assert_eq!(order.ticket(), 2);
        assert_eq!(run(&mut order, &[2]), vec![2]);
    }
}
