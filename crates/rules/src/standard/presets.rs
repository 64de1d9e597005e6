//! Named layouts (docs/rules.md §10) that players start from: the classic shapes of good
//! players, each valid by the deployment rules (tested below).

use super::layout::Layout;

/// A layout with a name to choose it by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Preset {
    /// The name a player types: lower case, no spaces.
    pub name: &'static str,
    /// Its Chinese name.
    pub chinese: &'static str,
    /// What it is for, in one line.
    pub summary: &'static str,
    /// Its layout notation.
    pub notation: &'static str,
}

impl Preset {
    pub fn layout(&self) -> Layout {
        self.notation
            .parse()
            .expect("every preset is a valid layout (tested)")
    }

    /// The preset called `name` (any case).
    pub fn named(name: &str) -> Option<&'static Preset> {
        PRESETS
            .iter()
            .find(|preset| preset.name.eq_ignore_ascii_case(name.trim()))
    }
}

pub const PRESETS: [Preset; 7] = [
    Preset {
        name: "classic",
        chinese: "标准阵",
        summary: "the example of docs/rules.md §14: flag on B1 behind mines on C1 and B2, bombs on B4 and D4",
        notation: "6,1,7,2,2/4,.,3,.,5/7,X,.,X,8/2,.,9,.,1/3,M,1,6,3/5,F,M,M,4",
    },
    Preset {
        name: "lock-left",
        chinese: "左三雷锁旗",
        summary: "flag on B1 closed in by mines on A1, C1 and B2; a lieutenant holds the other headquarters",
        notation: "2,8,3,7,2/5,.,1,.,6/4,X,.,X,6/3,.,9,.,7/1,M,5,1,3/M,F,M,2,4",
    },
    Preset {
        name: "lock-right",
        chinese: "右三雷锁旗",
        summary: "flag on D1 closed in by mines on C1, E1 and D2; the marshal waits on the front row",
        notation: "3,7,2,9,2/6,.,1,.,4/5,X,.,X,8/7,.,3,.,6/1,3,5,M,1/4,2,M,F,M",
    },
    Preset {
        name: "blitz",
        chinese: "快攻阵",
        summary: "marshal, general and a major general on the front row, bombs at the camps' side to follow them",
        notation: "9,3,8,7,2/X,.,6,.,X/2,5,.,7,1/3,.,4,.,6/1,2,M,5,M/4,F,M,3,1",
    },
    Preset {
        name: "bomb-guard",
        chinese: "双炸护旗",
        summary: "bombs on A3 and E3 guard the railway columns into the back rows; the marshal stays central",
        notation: "2,7,3,8,2/5,.,9,.,6/1,4,.,3,7/X,.,6,.,X/M,1,2,M,5/3,F,M,1,4",
    },
    Preset {
        name: "decoy",
        chinese: "疑兵阵",
        summary: "a mine on D2 before a lieutenant in headquarters D1 draws the engineers away from the flag on B1",
        notation: "3,9,2,8,3/6,.,7,.,5/1,X,.,4,2/7,.,X,.,6/M,5,1,M,4/1,F,M,2,3",
    },
    Preset {
        name: "turtle",
        chinese: "铁桶阵",
        summary: "the heavy pieces and both bombs held back on rows 3 and 4, weak pieces screening the front",
        notation: "2,6,1,5,2/3,.,8,.,4/7,X,.,X,9/4,.,3,.,7/M,1,6,3,M/1,F,M,2,5",
    },
];
