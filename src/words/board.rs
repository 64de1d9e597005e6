//! The labels the board image shows, in each language the bot speaks: one typed table, so that
//! an image is in exactly one language and a missing translation is a failing test, not a
//! mixed image. Templates take their arguments as `{0}`, `{1}`, … (see [`Word::fill`]). How a
//! game ended, on the image's banner as in a message, is worded in `ending.rs`.

use crate::config::Language;

/// The languages an image can be drawn in, in table order.
pub const LANGUAGES: [Language; 3] = [Language::English, Language::ZhHans, Language::ZhHant];

macro_rules! words {
    ($($(#[$doc:meta])* $name:ident => [$en:expr, $hans:expr, $hant:expr],)*) => {
        /// One text of the image.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum Word {
            $($(#[$doc])* $name,)*
        }

        impl Word {
            /// Every word, for completeness tests.
            pub const ALL: &'static [Word] = &[$(Word::$name,)*];

            /// The template in `language`.
            pub fn text(self, language: Language) -> &'static str {
                match self {
                    $(Word::$name => match language {
                        Language::English => $en,
                        Language::ZhHans => $hans,
                        Language::ZhHant => $hant,
                    },)*
                }
            }
        }
    };
}

words! {
    Red => ["Red", "红方", "紅方"],
    Black => ["Black", "黑方", "黑方"],
    /// Tally column headings.
    RedHeading => ["RED", "红方", "紅方"],
    BlackHeading => ["BLACK", "黑方", "黑方"],
    /// Printed on the board's stations.
    Camp => ["camp", "行营", "行營"],
    Headquarters => ["HQ", "大本营", "大本營"],
    ToMove => ["TO MOVE", "轮到走棋", "輪到走棋"],
    Timeouts => ["Timeouts", "超时", "超時"],
    OffersDraw => ["offers a draw", "提议和棋", "提議和棋"],
    /// A seat without a colour yet whose last flip showed {0}.
    LastFlip => ["? (last flip {0})", "？（上次翻出{0}）", "？（上次翻出{0}）"],
    ColourUndecided => ["? (colour not decided)", "？（颜色未定）", "？（顏色未定）"],
    Actions => ["Action {0}/{1}", "步数 {0}/{1}", "步數 {0}/{1}"],
    NoCapture => ["No capture {0}/{1}", "未吃子 {0}/{1}", "未吃子 {0}/{1}"],
    LastActionTitle => ["LAST ACTION", "上一步", "上一步"],
    LegendShown => ["shown", "明子", "明子"],
    LegendFaceDown => ["face down", "暗子", "暗子"],
    LegendRemoved => ["removed", "出局", "出局"],
    NoActionYet => ["none yet", "尚无", "尚無"],
    /// {0} flipped the piece on square {1}.
    Flip => ["{0}: flip {1}", "{0}：翻 {1}", "{0}：翻 {1}"],
    /// {0} moved from {1} to {2}.
    Move => ["{0}: {1} → {2}", "{0}：{1} → {2}", "{0}：{1} → {2}"],
    Revealed => ["revealed", "翻出", "翻出"],
    Moved => ["moved", "走子", "走子"],
    /// Piece {0} took piece {1}.
    Takes => ["{0} takes {1}", "{0} 吃 {1}", "{0} 吃 {1}"],
    BothRemoved => ["both removed", "同归于尽", "同歸於盡"],
    TargetRemoved => ["target removed", "守方被吃", "守方被吃"],
    AttackerRemoved => ["attacker removed", "攻方被吃", "攻方被吃"],
    /// The four seats of 四国军棋, as the image names them.
    SeatSouth => ["South", "南家", "南家"],
    SeatEast => ["East", "东家", "東家"],
    SeatNorth => ["North", "北家", "北家"],
    SeatWest => ["West", "西家", "西家"],
    /// A 四国 player who is out of the game.
    SeatOut => ["OUT", "出局", "出局"],
    /// Stands in for a display name with nothing drawable; {0} is the seat number.
    Player => ["Player {0}", "玩家{0}", "玩家{0}"],
    /// The reveal: pieces never turned up during the game.
    NeverFlipped => ["dashed: never flipped", "虚线：未翻开的棋子", "虛線：未翻開的棋子"],
}

impl Word {
    /// The template in `language` with `{i}` replaced by `arguments[i]`.
    pub fn fill(self, language: Language, arguments: &[&dyn std::fmt::Display]) -> String {
        let mut out = self.text(language).to_string();
        for (i, argument) in arguments.iter().enumerate() {
            out = out.replace(&format!("{{{i}}}"), &argument.to_string());
        }
        out
    }

    /// How many arguments the template takes (the highest `{i}` plus one).
    pub fn arity(self, language: Language) -> usize {
        (0..10)
            .take_while(|i| self.text(language).contains(&format!("{{{i}}}")))
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_exists_in_every_language_with_the_same_arguments() {
        for word in Word::ALL {
            let arity = word.arity(Language::English);
            for language in LANGUAGES {
                assert!(
                    !word.text(language).trim().is_empty(),
                    "{word:?} {language:?}"
                );
                assert_eq!(word.arity(language), arity, "{word:?} {language:?}");
            }
        }
    }

    #[test]
    fn chinese_words_use_their_own_script() {
        // Characters that differ between the scripts must not leak from one into the other.
        let simplified_only = "红营轮时议数无归胜夺军择认弃复双钟虚开";
        let traditional_only = "紅營輪時議數無歸勝奪軍認棄複雙鐘虛開";
        for word in Word::ALL {
            let hans = word.text(Language::ZhHans);
            let hant = word.text(Language::ZhHant);
            assert!(
                !hans.chars().any(|c| traditional_only.contains(c)),
                "{hans}"
            );
            assert!(!hant.chars().any(|c| simplified_only.contains(c)), "{hant}");
            assert!(
                word.text(Language::English).is_ascii() || word == &Word::Move,
                "{word:?}"
            );
        }
    }

    #[test]
    fn fill_puts_arguments_in_place() {
        let text = Word::Takes.fill(Language::English, &[&"司令", &"旅长"]);
        assert_eq!(text, "司令 takes 旅长");
        assert_eq!(
            Word::Actions.fill(Language::ZhHant, &[&3, &400]),
            "步數 3/400"
        );
    }
}
